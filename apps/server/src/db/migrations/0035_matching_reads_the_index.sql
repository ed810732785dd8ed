-- Matching ranks a project's subjects' experts from expert_subject_matches. The primary key finds
-- their rows, but each lives on a table page of its own (an expert's subjects are written
-- together), so a common subject's 2,500 rows cost some 1,400 page reads. This index carries
-- every column the ranking reads, so it is read from the index alone (an index-only scan, once
-- VACUUM has marked the pages; migrate.ts runs one after migrating a database that holds data).
-- drizzle cannot declare INCLUDE: the schema names the key only.
CREATE INDEX "expert_subject_matches_ranking_idx" ON "expert_subject_matches" USING btree ("subject")
  INCLUDE ("expert_id", "user_id", "category", "rating_centi", "available", "rate_usd_minor");
