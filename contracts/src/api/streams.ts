/** GET /api/model/streaming-count: profiles broadcasting now (the header's live figure). */
export interface StreamingCountResponse {
  count: number;
}
