import { PolicyScreen } from '../../features/settings/components/policy-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('settings');

/** Open to every staff role (SPEC section 6, app/lib/access.ts). */
export default function TermsAndConditions() {
  return <PolicyScreen policyKey="terms" title="admin:screens.settingsTerms" />;
}
