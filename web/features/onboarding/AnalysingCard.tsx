import { useEffect, useState } from 'react';

const STEPS = [
  'Sizing the market',
  'Sharpening the value proposition',
  'Suggesting a price',
  'Checking the YC questions',
];
/** The steps are cosmetic: the model answers all four at once. They move on every few seconds. */
const STEP_EVERY_MS = 2500;

/** The 'analysing' state: a spinner and, for a fresh analysis, what the model is working through. */
export function AnalysingCard({ title, steps = false }: { title: string; steps?: boolean }) {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (!steps) return;
    const timer = setInterval(
      () => setCurrent((n) => Math.min(n + 1, STEPS.length - 1)),
      STEP_EVERY_MS,
    );
    return () => clearInterval(timer);
  }, [steps]);

  return (
    <section className="analysing panel" role="status" aria-live="polite">
      <div className="analysing__head">
        <span className="pp-spinner" aria-hidden="true" />
        <p>{title}</p>
      </div>
      {steps && (
        <ol className="analysing__steps">
          {STEPS.map((step, index) => (
            <li
              key={step}
              className={index < current ? 'is-done' : index === current ? 'is-current' : undefined}
            >
              {step}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
