// Standalone entry: the remote on its own, with the same providers the shell gives it.
import './standalone';
