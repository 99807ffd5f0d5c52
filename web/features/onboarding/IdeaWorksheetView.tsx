import { IonButton, IonIcon } from '@ionic/react';
import {
  analyticsOutline,
  checkmarkDone,
  clipboardOutline,
  personAddOutline,
  pricetagOutline,
  shareOutline,
} from 'ionicons/icons';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import {
  bottomUpMarketSize,
  worksheetShareText,
  type IdeaWorksheet,
  type PricingModel,
  type WorksheetEntries,
} from '../../../domain/drafts/ideaWorksheet';

/**
 * The idea analysis when no AI model is connected: a worksheet, labelled as one (a known setup, not
 * an error). The YC questions about the founder's idea, a market size that updates as they type
 * their numbers, and the pricing models to choose from. A guest is offered to keep it in a free
 * account (`onKeep`); what is typed is handed to `onEntriesChange` to be kept on this device.
 */
export function IdeaWorksheetView({
  worksheet,
  initialEntries = {},
  onEntriesChange,
  onShare,
  onKeep,
}: {
  worksheet: IdeaWorksheet;
  /** What was typed on this worksheet before (a reload, a later visit). */
  initialEntries?: WorksheetEntries;
  onEntriesChange?: (entries: WorksheetEntries) => void;
  onShare: (text: string) => void;
  /** Shown to a guest: 'Keep it: create a free account'. */
  onKeep?: () => void;
}) {
  const [entries, setEntries] = useState(initialEntries);
  const entry = (key: string) => entries[key] ?? '';
  const setEntry = (key: string, value: string) => {
    const next = { ...entries, [key]: value };
    setEntries(next);
    onEntriesChange?.(next);
  };
  const fields = { entry, setEntry };
  return (
    <section className="worksheet" aria-label="Worksheet">
      <div className="worksheet-label" role="note">
        <IonIcon icon={clipboardOutline} aria-hidden="true" />
        <div>
          <p className="worksheet-label__title">Worksheet — no AI model is connected</p>
          <p className="worksheet-label__text">
            Work through it yourself: the questions investors ask first, a market size from your own
            numbers, and the pricing models to choose from.
          </p>
        </div>
      </div>
      <Questions worksheet={worksheet} {...fields} />
      <MarketSizeCalculator {...fields} />
      <PricingModels models={worksheet.pricingModels} {...fields} />
      <div className="analysis-actions">
        <IonButton
          fill="outline"
          expand="block"
          onClick={() => onShare(worksheetShareText(worksheet, entries))}
        >
          <IonIcon slot="start" icon={shareOutline} aria-hidden="true" />
          Share with co-founder
        </IonButton>
        {onKeep && (
          <IonButton expand="block" onClick={onKeep}>
            <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
            Keep it: create a free account
          </IonButton>
        )}
      </div>
    </section>
  );
}

/** One entry of the worksheet by key, and how to change it. */
interface Fields {
  entry: (key: string) => string;
  setEntry: (key: string, value: string) => void;
}

function Questions({ worksheet, entry, setEntry }: { worksheet: IdeaWorksheet } & Fields) {
  const id = useId();
  return (
    <section className="worksheet-section panel" aria-labelledby={`${id}-title`}>
      <h2 className="worksheet-section__title" id={`${id}-title`}>
        <IonIcon icon={checkmarkDone} aria-hidden="true" />
        YC Checklist
      </h2>
      <p className="muted worksheet-section__intro">
        The questions Y Combinator asks first, about your idea. Answer each in a sentence or two.
      </p>
      <ol className="worksheet-questions">
        {worksheet.questions.map((q) => (
          <li key={q.topic} className="worksheet-question" data-testid={`worksheet-${q.topic}`}>
            <label htmlFor={`${id}-${q.topic}`}>
              <span className="worksheet-question__label">{q.label}</span>
              <span className="worksheet-question__text">{q.question}</span>
            </label>
            <p className="worksheet-question__hint" id={`${id}-${q.topic}-hint`}>
              {q.hint}
            </p>
            <textarea
              id={`${id}-${q.topic}`}
              className="worksheet-input worksheet-input--text"
              rows={2}
              aria-describedby={`${id}-${q.topic}-hint`}
              value={entry(q.topic)}
              onChange={(e) => setEntry(q.topic, e.target.value)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Customers × price per year, worked out as the founder types, with the arithmetic shown. A field's
 * problem is said when they leave it (on blur), never mid-keystroke: '1,' on the way to '1,200' is
 * not an error. Typing in the field again puts its message away until they leave it again. The keyboards are plain text ones:
 * a decimal pad on iOS has no '$', 'k' or '/month'.
 */
function MarketSizeCalculator({ entry, setEntry }: Fields) {
  const id = useId();
  const [customers, price, unit] = [entry('customers'), entry('pricePerYear'), entry('unit')];
  // What was there before this visit (a reload) counts as left: its problem shows straight away.
  // Typing in a field again makes it 'being typed' until the founder leaves it once more.
  const [left, setLeft] = useState(() => ({
    customers: customers.trim() !== '',
    pricePerYear: price.trim() !== '',
  }));
  const mark = (key: keyof typeof left, value: boolean) =>
    setLeft((current) => (current[key] === value ? current : { ...current, [key]: value }));
  const type = (key: keyof typeof left, value: string) => {
    mark(key, false);
    setEntry(key, value);
  };
  const result = bottomUpMarketSize({ customers, pricePerYear: price, unit });
  // A field's problem shows once something is typed in it and the founder has left it: an empty form is not an error.
  const customersError =
    !result.ok && left.customers && customers.trim() ? result.errors.customers : undefined;
  const priceError =
    !result.ok && left.pricePerYear && price.trim() ? result.errors.pricePerYear : undefined;
  const totalError = !result.ok ? result.errors.total : undefined;
  return (
    <section className="worksheet-section panel" aria-labelledby={`${id}-title`}>
      <h2 className="worksheet-section__title" id={`${id}-title`}>
        <IonIcon icon={analyticsOutline} aria-hidden="true" />
        Market Size, bottom-up
      </h2>
      <p className="muted worksheet-section__intro">
        Count the customers you could actually sell to, and what one would pay you in a year.
      </p>
      <div className="market-calc">
        <AmountField
          id={`${id}-customers`}
          label="Customers who could buy"
          placeholder="2,000"
          value={customers}
          error={customersError}
          onChange={(value) => type('customers', value)}
          onBlur={() => mark('customers', true)}
        />
        <div className="market-calc__field">
          <label htmlFor={`${id}-unit`}>
            They are <span className="muted">(optional)</span>
          </label>
          <input
            id={`${id}-unit`}
            className="worksheet-input"
            autoComplete="off"
            placeholder="clinics"
            maxLength={40}
            value={unit}
            onChange={(e) => setEntry('unit', e.target.value)}
          />
        </div>
        <AmountField
          id={`${id}-price`}
          label="What one pays per year"
          placeholder="$1,200"
          value={price}
          error={priceError}
          onChange={(value) => type('pricePerYear', value)}
          onBlur={() => mark('pricePerYear', true)}
          hint={
            <p
              className="market-calc__hint"
              id={`${id}-price-hint`}
              data-testid="market-size-yearly"
            >
              {result.ok && result.yearly
                ? result.yearly
                : 'A monthly price works too: “$99/month”.'}
            </p>
          }
        />
      </div>
      <output
        className={`market-calc__result${result.ok ? ' market-calc__result--ready' : ''}`}
        aria-live="polite"
        data-testid="market-size-result"
      >
        {result.ok
          ? result.arithmetic
          : (totalError ??
            (customersError || priceError
              ? 'Fix the number above to see your market size.'
              : 'Enter both numbers to see your market size.'))}
      </output>
    </section>
  );
}

function PricingModels({ models, entry, setEntry }: { models: readonly PricingModel[] } & Fields) {
  const id = useId();
  const picked = entry('pricingModel');
  return (
    <section className="worksheet-section panel" aria-labelledby={`${id}-title`}>
      <h2 className="worksheet-section__title" id={`${id}-title`}>
        <IonIcon icon={pricetagOutline} aria-hidden="true" />
        Pricing models
      </h2>
      <p className="muted worksheet-section__intro">
        Pick the one that fits how your customers get value.
      </p>
      <div className="pricing-models" role="radiogroup" aria-labelledby={`${id}-title`}>
        {models.map((model) => (
          <label
            key={model.id}
            className={`pricing-model${picked === model.id ? ' pricing-model--picked' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-model`}
              value={model.id}
              checked={picked === model.id}
              onChange={() => setEntry('pricingModel', model.id)}
            />
            <span className="pricing-model__name">{model.name}</span>
            <span className="pricing-model__how">{model.how}</span>
            <span className="pricing-model__fits">
              <strong>Fits when:</strong> {model.fitsWhen}
            </span>
            <span className="pricing-model__example">e.g. {model.example}</span>
          </label>
        ))}
      </div>
    </section>
  );
}

/**
 * A count or a price, typed as the rep would say it ('2,000', '$99/month'): its error under it once
 * there is one, else `hint` (a paragraph with the id `${id}-hint`), which the input is described by.
 */
function AmountField({
  id,
  label,
  placeholder,
  value,
  error,
  hint,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  hint?: ReactNode;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="market-calc__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="worksheet-input"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        placeholder={placeholder}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p className="market-calc__error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}
