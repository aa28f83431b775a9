-- author
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE EXISTS (SELECT 1 FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b2"."id" AND ("_r3"."status" = ($1)::text)) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s4";

-- article
SELECT coalesce(json_agg("_s7".root), '[]') AS root FROM (SELECT json_build_object('title', "_t1"."title", 'author', "_o2".root) AS root FROM (SELECT "_b6".* FROM "public"."article" AS "_b6" WHERE ("_b6"."status" = ($1)::text) ORDER BY "_b6"."id" ASC NULLS LAST) AS "_t1" LEFT JOIN LATERAL (SELECT json_build_object('name', "_t3"."name") AS root FROM (SELECT "_b4".* FROM "public"."author" AS "_b4" WHERE "_b4"."id" = "_t1"."author_id" AND EXISTS (SELECT 1 FROM "public"."article" AS "_r5" WHERE "_r5"."author_id" = "_b4"."id" AND ("_r5"."status" = ($2)::text)) LIMIT 1) AS "_t3") AS "_o2" ON true) AS "_s7";
