/** Leaves the site for the gateway's payment page (the sandbox page on this server in development). */
export function goToGateway(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}
