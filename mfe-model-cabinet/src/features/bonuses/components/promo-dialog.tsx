/** Placeholder until the promo dialog lands. */
export default function PromoDialog(_props: { onClose: () => void }) {
  return null;
}
