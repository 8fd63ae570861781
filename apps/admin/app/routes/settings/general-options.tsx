import { GeneralOptionsScreen } from '../../features/settings/components/general-options-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('settings');

export default function GeneralOptions() {
  return <GeneralOptionsScreen />;
}
