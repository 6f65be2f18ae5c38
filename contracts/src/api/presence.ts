import type * as v from 'valibot';
import type * as responses from '../responses';

/** GET /api/online-count: browsers connected to the presence socket /ws/online. */
export type OnlineCountResponse = v.InferOutput<typeof responses.onlineCount>;
