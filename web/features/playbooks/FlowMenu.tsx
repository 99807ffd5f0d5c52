import { IonIcon } from '@ionic/react';
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
                <span className={`flow-menu__icon flow-menu__icon--${type}`} aria-hidden="true">
                  <IonIcon icon={FLOW_ICONS[type]} />
                </span>
                <span className="flow-menu__text">
                  <span className="flow-menu__title">{FLOWS[type].title}</span>
                  {draft && (
                    <span className="flow-menu__resume">Resume · {progressLabel(draft)}</span>
                  )}
                </span>
                <ProTag locked={locked} />
              </button>
            </li>
          );
        })}
        <li>
          <Link to="/competitive" className="flow-menu__item">
            <span className="flow-menu__icon flow-menu__icon--competitive" aria-hidden="true">
              <IonIcon icon={analyticsOutline} />
            </span>
            <span className="flow-menu__text">
              <span className="flow-menu__title">Competitive Intelligence</span>
            </span>
            <ProTag locked={locked} />
          </Link>
        </li>
        <li>
          {/* Issue 23: the voice debrief, for every signed-in rep (its transcript leads into the flows). */}
          <Link to="/debrief" className="flow-menu__item">
            <span className="flow-menu__icon flow-menu__icon--call" aria-hidden="true">
              <IonIcon icon={micOutline} />
            </span>
            <span className="flow-menu__text">
              <span className="flow-menu__title">Debrief a meeting</span>
              <span className="flow-menu__resume">Record a voice note, even offline</span>
            </span>
          </Link>
        </li>
        <li>
          {/* Issue 21: the profile answers every flow's questions about what the rep sells. */}
          <Link to="/profile" className="flow-menu__item">
            <span className="flow-menu__icon flow-menu__icon--profile" aria-hidden="true">
              <IonIcon icon={businessOutline} />
            </span>
            <span className="flow-menu__text">
              <span className="flow-menu__title">Your profile</span>
              <span className="flow-menu__resume">What you sell, filled into every flow</span>
            </span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
