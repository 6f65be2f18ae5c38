import { frontEndConfig } from '../tools/vitest/front-end.mjs';

export default frontEndConfig;
