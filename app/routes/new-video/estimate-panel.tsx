import type { Estimate } from '../../api/types.js';
import { formatCredits } from '../../format/format.js';

/** The estimate of the form as it stands; its space is reserved so the form does not jump. */
export function EstimatePanel({ estimate, pending, problem }: { estimate: Estimate | undefined; pending: boolean; problem: string | undefined }) {
  return (
    <aside className="estimate" aria-labelledby="estimate-title">
      <h2 id="estimate-title">Estimated cost</h2>
      <div aria-live="polite">
        {estimate === undefined ? (
          <p>{problem ?? (pending ? 'Estimating…' : 'Write a prompt to see the estimate.')}</p>
        ) : (
          <>
            <p className="estimate-total">
              <strong>{formatCredits(estimate.estimated_credits)}</strong> credits{pending ? ' (updating…)' : ''}
            </p>
            {problem === undefined ? null : <p className="field-error">{problem}</p>}
            <table className="breakdown">
              <caption className="visually-hidden">Estimate by part</caption>
              <tbody>
                {estimate.estimate_breakdown.map((part) => (
                  <tr key={part.part}>
                    <th scope="row">{part.part.replace(/_/g, ' ')}</th>
                    <td>
                      {formatCredits(part.credits)}
                      {part.covered_by === undefined ? '' : ` (covered by your ${part.covered_by} key)`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </aside>
  );
}
