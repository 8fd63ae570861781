import { FreedEsimsScreen } from '../../features/settings/components/esim-release-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('settings');

export default function FreedEsims() {
  return <FreedEsimsScreen />;
}
