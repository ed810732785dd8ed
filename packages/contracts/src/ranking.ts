/**
 * How ratings rank experts (docs/decisions/030-ratings-bayesian-average.md). A Bayesian average: every expert
 * starts with RATING_PRIOR_WEIGHT imaginary reviews at RATING_PRIOR_MEAN_CENTI, and their real
 * reviews pull the score towards their own average. One 5-star review scores (5 × 400 + 500) / 6
 * = 4.17; 125 reviews at 4.9 score 4.88. The stored score is in hundredths of a star.
 */
export const RATING_PRIOR_MEAN_CENTI = 400;
export const RATING_PRIOR_WEIGHT = 5;
