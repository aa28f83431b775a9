-- article
SELECT coalesce(json_agg("_s8".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'title', "_t1"."title", 'status', "_t1"."status", 'comments', "_a2".root) AS root FROM (SELECT "_b7".* FROM "public"."article" AS "_b7" WHERE (("_b7"."status" = ($1)::text) OR ("_b7"."author_id" = ($2)::integer)) ORDER BY "_b7"."id" ASC NULLS LAST LIMIT 10) AS "_t1" LEFT JOIN LATERAL (SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('body', "_t4"."body") AS root FROM (SELECT "_b5".* FROM "public"."comment" AS "_b5" WHERE "_b5"."article_id" = "_t1"."id" AND EXISTS (SELECT 1 FROM "public"."article" AS "_r6" WHERE "_r6"."id" = "_b5"."article_id" AND ("_r6"."status" = ($3)::text))) AS "_t4") AS "_s3") AS "_a2" ON true) AS "_s8";

-- author
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name", 'followers', ("_t1"."followers")::text) AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE true ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s3";

-- article_aggregate
SELECT "_s1".root AS root FROM (SELECT json_build_object('aggregate', json_build_object('count', count(*))) AS root FROM (SELECT "_b3".* FROM "public"."article" AS "_b3" WHERE (("_b3"."status" = ($1)::text) OR ("_b3"."author_id" = ($2)::integer))) AS "_t2") AS "_s1";
