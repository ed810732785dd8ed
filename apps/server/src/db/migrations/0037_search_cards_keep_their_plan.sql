-- The cards of one page of an expert search, in the order the search ranked them. A search ranks
-- in a statement planned for its values (which index pays depends on its words and filters), then
-- hands the page's ids and sort keys here. Statements in a PL/pgSQL function keep their plan, so
-- joining each profile, its user and its verified ORCID iD (primary-key lookups, whatever the
-- search) is no longer planned again for every search: planned beside the ranking, that join was
-- 0.3-0.7 ms of a search's 0.5-1 ms of planning on the embedded database, more than running it.
-- The verified ORCID iD is the one verifiedOrcidFor (src/modules/accounts/oidc/orcid.ts) reads:
-- the person's first linked identity that carries an ORCID iD, as "<iD> <issuer>". The columns are
-- named as the app names a card's fields (CardRow in src/modules/experts/presenter.ts).
CREATE OR REPLACE FUNCTION expert_cards(p_ids uuid[], p_keys integer[])
RETURNS TABLE (
  "id" uuid,
  "userId" uuid,
  "slug" text,
  "displayName" text,
  "headline" text,
  "category" expert_category,
  "subjects" text[],
  "hourlyRateMinor" integer,
  "currency" rate_currency,
  "rateUsdMinor" integer,
  "country" text,
  "availability" expert_availability,
  "ratingCenti" integer,
  "ratingCount" integer,
  "avatarKey" text,
  "verifiedOrcid" text,
  "sortKey" integer,
  "position" bigint
)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN QUERY
  SELECT p.id, p.user_id, p.slug, p.display_name, p.headline, p.category, p.subjects,
    p.hourly_rate_minor, p.currency, p.rate_usd_minor, p.country, p.availability,
    p.rating_centi, p.rating_count, u.avatar_key,
    (SELECT e.orcid_id || ' ' || e.issuer
       FROM external_identities e
      WHERE e.user_id = p.user_id AND e.orcid_id IS NOT NULL
      ORDER BY e.created_at
      LIMIT 1),
    hit.sort_key, hit.ordinal
  FROM unnest(p_ids, p_keys) WITH ORDINALITY AS hit (profile_id, sort_key, ordinal)
  JOIN expert_profiles p ON p.id = hit.profile_id
  JOIN users u ON u.id = p.user_id
  ORDER BY hit.ordinal;
END
$$;
