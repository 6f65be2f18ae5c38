import { useLanguageSwitch } from 'platform';
import { SegmentedSwitch } from 'shared-ui';

/** The language switch of the header and the menu; the sign-in pages show the same one. */
export function LanguageSwitch() {
  return <SegmentedSwitch {...useLanguageSwitch()} />;
}
