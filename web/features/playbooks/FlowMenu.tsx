import { Link } from '@tanstack/react-router';
import {
  analyticsOutline,
  businessOutline,
  callOutline,
  clipboardOutline,
  diamondOutline,
  mailOutline,
  micOutline,
  peopleOutline,
  rocketOutline,
  sendOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { FLOWS, type FlowType } from '../../../domain/playbooks';
import type { PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { unfinishedFlows } from './flowDrafts';
import { FLOW_TYPES } from '../../../domain/playbooks/tools';
import { progressLabel } from './flowMachine';
import { InlineIcon } from '../../ui/InlineIcon';

export const FLOW_ICONS: Record<FlowType, string> = {
  playbook: diamondOutline,
  email: mailOutline,
  demo: peopleOutline,
  call: callOutline,
  objection: shieldCheckmarkOutline,
  gtmplan: rocketOutline,
  followup: sendOutline,
  crmnote: clipboardOutline,
};

interface FlowMenuProps {
  db: PitchpadDb;
  activeFlow: FlowType | null;
  onStart: (type: FlowType) => void;
  /** The user does not pay for Pro: each tool is marked PRO, and opening one leads to pricing. */
  locked: boolean;
}

/** A menu item's icon in its colour (`tone`), its title and, where there is one, a line under it. */
function ItemText({
  tone,
  icon,
  title,
  note,
}: {
  tone: string;
  icon: string;
  title: string;
  note?: string | null;
}) {
  return (
    <>
      <span className={`flow-menu__icon flow-menu__icon--${tone}`} aria-hidden="true">
        <InlineIcon icon={icon} />
      </span>
      <span className="flow-menu__text">
        <span className="flow-menu__title">{title}</span>
        {note && <span className="flow-menu__resume">{note}</span>}
      </span>
    </>
  );
}

function ProTag({ locked }: { locked: boolean }) {
  return locked ? <span className="pro-badge flow-menu__pro">PRO</span> : null;
}

/** The guided flows in the sidebar, with how far an unfinished one got, and the competitive tool. */
export function FlowMenu({ db, activeFlow, onStart, locked }: FlowMenuProps) {
  const unfinished = useSafeLiveQuery(() => unfinishedFlows(db), [db], new Map());
  return (
    <nav className="flow-menu" aria-labelledby="flow-menu-heading">
      <h2 id="flow-menu-heading" className="section-label">
        Guided flows
      </h2>
      <ul className="plain-list">
        {FLOW_TYPES.map((type) => {
          const draft = unfinished?.get(type);
          return (
            <li key={type}>
              <button
                type="button"
                className={`flow-menu__item${activeFlow === type ? ' flow-menu__item--active' : ''}`}
                aria-current={activeFlow === type ? 'page' : undefined}
                onClick={() => onStart(type)}
              >
                <ItemText
                  tone={type}
                  icon={FLOW_ICONS[type]}
                  title={FLOWS[type].title}
                  note={draft && `Resume · ${progressLabel(draft)}`}
                />
                <ProTag locked={locked} />
              </button>
            </li>
          );
        })}
        <li>
          <Link to="/competitive" className="flow-menu__item">
            <ItemText tone="competitive" icon={analyticsOutline} title="Competitive Intelligence" />
            <ProTag locked={locked} />
          </Link>
        </li>
        <li>
          {/* The voice debrief, for every signed-in rep (its transcript leads into the flows). */}
          <Link to="/debrief" className="flow-menu__item">
            <ItemText
              tone="call"
              icon={micOutline}
              title="Debrief a meeting"
              note="Record a voice note, even offline"
            />
          </Link>
        </li>
        <li>
          {/* The profile answers every flow's questions about what the rep sells. */}
          <Link to="/profile" className="flow-menu__item">
            <ItemText
              tone="profile"
              icon={businessOutline}
              title="Your profile"
              note="What you sell, filled into every flow"
            />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
