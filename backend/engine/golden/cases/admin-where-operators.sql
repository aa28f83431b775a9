-- titled
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE (("_b2"."title" ILIKE ($1)::text) OR ("_b2"."title" IN (($2)::text))) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- undated
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE ("_b2"."published_at" IS NULL)) AS "_t1") AS "_s3";

-- not_tech
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE (NOT ("_b2"."tags" @> ($1)::jsonb)) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- with_city
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE ("_b2"."profile" ? ($1)::text) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- by_author
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('title', "_t1"."title") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE EXISTS (SELECT 1 FROM "public"."author" AS "_r3" WHERE "_r3"."id" = "_b2"."author_id" AND ("_r3"."name" = ($1)::text))) AS "_t1") AS "_s4";

-- commented
SELECT coalesce(json_agg("_s5".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE EXISTS (SELECT 1 FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b2"."id" AND EXISTS (SELECT 1 FROM "public"."comment" AS "_r4" WHERE "_r4"."article_id" = "_r3"."id" AND ("_r4"."body" LIKE ($1)::text)))) AS "_t1") AS "_s5";

-- published
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE (("_b2"."status" = ($1)::text) AND ("_b2"."score" >= ($2)::double precision)) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- cast
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE (("_b2"."tags")::text LIKE ($1)::text)) AS "_t1") AS "_s3";
