import type * as v from 'valibot';
import type * as responses from '../responses';

/** GET /api/model/streaming-count: profiles broadcasting now (the header's live figure). */
export type StreamingCountResponse = v.InferOutput<typeof responses.streamingCount>;

/** GET /api/model/online-count: visible profiles whose model is online now (the header's figure). */
export type OnlineModelsResponse = v.InferOutput<typeof responses.onlineModels>;
