import { AreaFrame } from 'account-ui';
import { OFFICE_NAV } from './office-nav';

/** The office's frame: account-ui's, with the office's menu and texts. */
export function OfficeLayout() {
  return <AreaFrame nav={OFFICE_NAV} namespace="advertiserOffice" testIdPrefix="office" />;
}
