import type { TopUpRequest } from '../../../lib/dialogs';

/** Placeholder until the top-up dialog lands. */
export default function TopUpDialog(_props: { request: TopUpRequest; onClose: () => void }) {
  return null;
}
