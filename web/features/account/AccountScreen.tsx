/**
 * /account: what keeps a rep's account theirs. One section per concern, each in its own
 * file beside this one: how they sign in (passkeys, password, email), the devices signed in, the CRM
 * connections, the calendar, export and delete. Each section loads and saves on its own; this screen only lays them out.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the account screen's stylesheet, loaded with its chunk
import './account.css';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useAuth } from '../auth/auth.queries';
import { DeleteSection } from './DeleteSection';
import { CalendarSection } from './CalendarSection';
import { ConnectionsSection } from './ConnectionsSection';
import { DevicesSection } from './DevicesSection';
import { EmailSection } from './EmailSection';
import { ExportSection } from './ExportSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { SharedLinksSection } from '../links/SharedLinksSection';

export function AccountScreen() {
  const { user } = useAuth();
  // Whichever section's field is typed in, it and its button stay above a phone's keyboard (one
  // listener for the screen).
  useKeyboardInView();
  if (!user) return null;
  return (
    <Screen width="narrow" className="account-screen">
      <section className="page-intro">
        <h1>Account</h1>
        {/* The same for everyone (the address is under Email): the build's shell of this screen
            draws it, and the app draws it again unchanged. */}
        <p className="lede">How you sign in, where you are signed in, and your data.</p>
      </section>
      <PasskeysSection userId={user.id} />
      <PasswordSection userId={user.id} />
      <EmailSection userId={user.id} email={user.email} />
      <DevicesSection userId={user.id} />
      <ConnectionsSection userId={user.id} />
      <CalendarSection userId={user.id} />
      <SharedLinksSection userId={user.id} />
      <ExportSection />
      <DeleteSection />
    </Screen>
  );
}
