import { SettingsIndex } from '../../features/settings/components/settings-index';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('settings');

export default function Settings() {
  return <SettingsIndex />;
}
