import { expertCategories, expertCategoryLabels } from '@sciwise/contracts/constants';

/**
 * A category select's options: the empty choice, worded for its form (none where a category is
 * required, as on an approved profile), then the five categories.
 */
export function CategoryOptions({ emptyLabel }: { emptyLabel?: string }) {
  return (
    <>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {expertCategories.map((category) => (
        <option key={category} value={category}>
          {expertCategoryLabels[category]}
        </option>
      ))}
    </>
  );
}
