-- article
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'title', "_t1"."title") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE ((("_b2"."status" = ($1)::text) OR ("_b2"."author_id" = ($2)::integer)) AND ("_b2"."title" ILIKE ($3)::text)) ORDER BY "_b2"."id" ASC NULLS LAST LIMIT 10) AS "_t1") AS "_s3";
