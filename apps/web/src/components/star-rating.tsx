import { StarIcon } from './ui/icons.tsx';

export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          filled={star <= rating}
          className={star <= rating ? 'size-4 text-accent-500' : 'size-4 text-slate-300'}
        />
      ))}
    </span>
  );
}
