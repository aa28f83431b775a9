-- prolific
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE (((SELECT count(*) FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b2"."id" AND true) >= ($1)::bigint))) AS "_t1") AS "_s4";

-- published_once
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE (((SELECT count(*) FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b2"."id" AND ("_r3"."status" = ($1)::text)) = ($2)::bigint)) ORDER BY "_b2"."id" ASC NULLS LAST) AS "_t1") AS "_s4";
