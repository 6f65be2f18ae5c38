/** GET /api/model/streaming-count: profiles broadcasting now (the header's live figure). */
export interface StreamingCountResponse {
  count: number;
}

/** GET /api/model/online-count: visible profiles whose model is online now (the header's figure). */
export interface OnlineModelsResponse {
  count: number;
}
