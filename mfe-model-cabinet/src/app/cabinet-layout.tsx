import { AreaFrame } from 'account-ui';
import { CABINET_NAV } from './cabinet-nav';

/** The cabinet's frame: account-ui's, with the cabinet's menu and texts. */
export function CabinetLayout() {
  return <AreaFrame nav={CABINET_NAV} namespace="modelCabinet" testIdPrefix="cabinet" />;
}
