/**
 * What `GET /api/ads` answers (issue 15's shared contract). Kept here until the API branch puts
 * `ServedAd` into `contracts`; then this file re-exports that one.
 */
export interface ServedAd {
  /** Signed, short-lived: names the campaign, the slot and the visitor. */
  token: string;
  format: string;
  heading: string;
  description: string;
  buttonText: string;
  image: { url: string; width: number; height: number } | null;
  /** `/api/ads/click/<token>`: our redirect, which counts the click. */
  clickUrl: string;
}

export interface ServedAdsResponse {
  ads: ServedAd[];
}
