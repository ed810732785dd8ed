import { rateCurrencies } from '@sciwise/contracts';

/** A currency select's options: the currencies experts charge in and are paid out in. */
export function CurrencyOptions() {
  return (
    <>
      {rateCurrencies.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </>
  );
}
