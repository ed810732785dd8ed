import type { BillingMovement } from '@sciwise/contracts';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatDateTime, money } from '../../lib/format.ts';
import { movementSubject, signedMoney } from './format.ts';

const amountTone = (movement: BillingMovement) =>
  movement.amount.amountMinor > 0 ? 'text-success-800' : 'text-slate-900';

function Subject({ movement }: { movement: BillingMovement }) {
  if (!movement.contract) return <>{movementSubject(movement)}</>;
  return (
    <Link
      to={`/profile/workspace/${movement.contract.id}`}
      className="text-brand-800 underline-offset-2 hover:underline"
    >
      {movementSubject(movement)}
    </Link>
  );
}

function InTransit({ movement }: { movement: BillingMovement }) {
  if (!movement.inTransit) return null;
  return <span className="block text-xs text-slate-600">In transit {signedMoney(movement.inTransit)}</span>;
}

/**
 * The movements as a table from 768 px, and as a stacked list below it, where a table's columns
 * would be squeezed into unreadable slivers. Only one of the two is displayed (and read out).
 */
export function MovementsList({
  movements,
  showBalance,
  caption = 'Your movements, newest first',
}: {
  movements: BillingMovement[];
  showBalance: boolean;
  /** Names the list for screen readers; another person's movements say whose they are. */
  caption?: string;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3">
                Movement
              </th>
              <th scope="col" className="px-4 py-3">
                Contract · milestone
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Amount
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Fee
              </th>
              {showBalance && (
                <th scope="col" className="px-4 py-3 text-right">
                  Balance
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {movements.map((movement) => (
              <tr key={movement.id}>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={movement.occurredAt}>{formatDateTime(movement.occurredAt)}</time>
                </td>
                <td className="px-4 py-3 font-medium text-slate-900">{movement.label}</td>
                <td className="max-w-xs px-4 py-3 break-words text-slate-700">
                  <Subject movement={movement} />
                </td>
                <td
                  className={cn(
                    'px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums',
                    amountTone(movement),
                  )}
                >
                  {signedMoney(movement.amount)}
                  <InTransit movement={movement} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-600 tabular-nums">
                  {movement.fee ? signedMoney(movement.fee) : '—'}
                </td>
                {showBalance && (
                  <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                    {movement.balanceAfter ? money(movement.balanceAfter) : '—'}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {movements.map((movement) => (
          <li key={movement.id} className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold text-slate-900">{movement.label}</p>
              <p
                className={cn(
                  'text-right font-semibold whitespace-nowrap tabular-nums',
                  amountTone(movement),
                )}
              >
                {signedMoney(movement.amount)}
              </p>
            </div>
            <p className="mt-1 text-sm break-words text-slate-700">
              <Subject movement={movement} />
            </p>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={movement.occurredAt}>{formatDateTime(movement.occurredAt)}</time>
              {movement.fee && <> · Fee {signedMoney(movement.fee)}</>}
              {showBalance && movement.balanceAfter && <> · Balance {money(movement.balanceAfter)}</>}
            </p>
            <InTransit movement={movement} />
          </li>
        ))}
      </ul>
    </>
  );
}
