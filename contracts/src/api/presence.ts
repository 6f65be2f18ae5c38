/** GET /api/online-count: browsers connected to the presence socket /ws/online. */
export interface OnlineCountResponse {
  count: number;
}
