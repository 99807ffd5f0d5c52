import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import { scoreColour, scoreOf } from '../../../domain/playbooks/competitive';

/**
 * The comparison matrix: a row per category, a column per competitor, scores out of 10 coloured
 * green (8+), amber (5–7) or red (below 5). The first column stays put while a wide
 * table scrolls sideways on a phone.
 */
export function ComparisonMatrix({ analysis }: { analysis: CompetitorAnalysis }) {
  const names = analysis.competitors.map((c) => c.name);
  if (analysis.comparison_matrix.length === 0) return null;
  return (
    <div className="matrix" role="region" aria-label="Comparison matrix" tabIndex={0}>
      <table className="matrix__table">
        <thead>
          <tr>
            <th scope="col" className="matrix__category">
              Category
            </th>
            {names.map((n) => (
              <th key={n} scope="col">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {analysis.comparison_matrix.map((row) => (
            <tr key={row.category}>
              <th scope="row" className="matrix__category">
                <span className="matrix__category-name">{row.category}</span>
                {row.description && (
                  <span className="matrix__category-description">{row.description}</span>
                )}
              </th>
              {names.map((n) => {
                const cell = scoreOf(row, n);
                return (
                  <td key={n}>
                    {cell ? (
                      <>
                        <span
                          className={`score score--${scoreColour(cell.score)}`}
                          data-score={cell.score}
                        >
                          {formatScore(cell.score)}
                          <span className="score__of">/10</span>
                        </span>
                        {cell.notes && <span className="matrix__notes">{cell.notes}</span>}
                      </>
                    ) : (
                      <span className="matrix__none" aria-label="No score">
                        –
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}
