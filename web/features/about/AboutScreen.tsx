import { Link } from '@tanstack/react-router';
import {
  bulbOutline,
  chevronDownOutline,
  documentTextOutline,
  lockClosedOutline,
  sparklesOutline,
} from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { FAQ } from './faq';

const PRINCIPLES = [
  {
    icon: sparklesOutline,
    title: 'AI-generated, founder-checked',
    text: 'Every answer is written by a language model. Treat it as a fast first draft and check the facts that matter.',
  },
  {
    icon: documentTextOutline,
    title: 'Your content is yours',
    text: 'You own everything Pitchpad generates for you: use it, edit it, send it.',
  },
  {
    icon: lockClosedOutline,
    title: 'We do not sell your data',
    text: 'Pitchpad does not sell or share your data. Your ideas stay between you and your co-founders.',
  },
];

/** /about: mission, principles and the FAQ. */
export function AboutScreen() {
  return (
    <Screen>
      <section className="page-intro">
        <p className="eyebrow">About {PRODUCT_NAME}</p>
        <h1>Go-to-market help for the people who build and sell</h1>
        <p className="lede">
          Our mission is to give every founder and sales rep the go-to-market partner big companies
          pay a fortune for: someone to pressure-test the idea, size the market, sharpen the pitch
          and write the first email — in minutes, from a phone, between meetings.
        </p>
      </section>

      <section className="principles" aria-label="How we work">
        {PRINCIPLES.map((p) => (
          <article key={p.title} className="principle">
            <InlineIcon icon={p.icon} className="principle__icon" />
            <h2>{p.title}</h2>
            <p className="muted">{p.text}</p>
          </article>
        ))}
      </section>

      <section className="faq" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        {/* Native disclosure widgets: accessible, keyboard-friendly, and no accordion code to download. */}
        <div className="faq__list">
          {FAQ.map((item, i) => (
            // The first answer (the free tier) starts open: it is what most visitors come to ask.
            <details key={item.question} className="faq__item" open={i === 0}>
              <summary>
                <span>{item.question}</span>
                <InlineIcon icon={chevronDownOutline} className="faq__chevron" />
              </summary>
              <p className="faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="cta-band">
        <InlineIcon icon={bulbOutline} className="cta-band__icon" />
        <h2>Have an idea? Try it now.</h2>
        <p className="muted">The idea analysis is free and needs no account.</p>
        {/* A plain link drawn as a button: prerendered, it works before any script. */}
        <Link to="/" className="cta-band__link">
          Analyze my idea
        </Link>
      </section>
    </Screen>
  );
}
