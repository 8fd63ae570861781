import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { EmailChangeLink } from '../../features/auth/components/email-change-link';

/** The link e-mailed to the old address of an e-mail change ("this wasn't me"): /cancel-email-change?token=… */
export default function CancelEmailChangeRoute() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <EmailChangeLink action="cancel" />
      </QueryProvider>
    </UiKitProvider>
  );
}
