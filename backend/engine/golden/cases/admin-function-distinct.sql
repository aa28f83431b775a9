-- search_articles
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'title', "_t1"."title") AS root FROM (SELECT "_b2".* FROM "public"."search_articles"("search" => ($1)::text) AS "_b2" WHERE true ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- search_articles_aggregate
SELECT "_s1".root AS root FROM (SELECT json_build_object('aggregate', json_build_object('count', count(*))) AS root FROM (SELECT "_b3".* FROM "public"."search_articles"("search" => ($1)::text) AS "_b3" WHERE true) AS "_t2") AS "_s1";

-- first_per_author
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'author_id', "_t1"."author_id") AS root FROM (SELECT DISTINCT ON ("_b2"."author_id") "_b2".* FROM "public"."article" AS "_b2" WHERE true ORDER BY "_b2"."author_id" ASC NULLS LAST, "_b2"."id" DESC NULLS FIRST) AS "_t1") AS "_s3";
