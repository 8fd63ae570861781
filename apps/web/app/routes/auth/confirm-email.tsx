import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { EmailChangeLink } from '../../features/auth/components/email-change-link';

/** The link e-mailed to the new address of an e-mail change: /confirm-email?token=… */
export default function ConfirmEmailRoute() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <EmailChangeLink action="confirm" />
      </QueryProvider>
    </UiKitProvider>
  );
}
