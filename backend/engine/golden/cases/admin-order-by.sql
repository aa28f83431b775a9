-- by_author_name
SELECT coalesce(json_agg("_s7".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'author', "_o2".root) AS root FROM (SELECT "_b5".* FROM "public"."article" AS "_b5" WHERE true ORDER BY (SELECT "_r6"."name" FROM "public"."author" AS "_r6" WHERE "_r6"."id" = "_b5"."author_id" AND true LIMIT 1) DESC NULLS FIRST, "_b5"."id" ASC NULLS LAST) AS "_t1" LEFT JOIN LATERAL (SELECT json_build_object('name', "_t3"."name") AS root FROM (SELECT "_b4".* FROM "public"."author" AS "_b4" WHERE "_b4"."id" = "_t1"."author_id" AND true LIMIT 1) AS "_t3") AS "_o2" ON true) AS "_s7";

-- by_comment_count
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE true ORDER BY (SELECT count(*) FROM "public"."comment" AS "_r3" WHERE "_r3"."article_id" = "_b2"."id" AND true) DESC NULLS FIRST, "_b2"."id" ASC NULLS LAST LIMIT 2 OFFSET 1) AS "_t1") AS "_s4";

-- nulls_first
SELECT coalesce(json_agg("_s3".root), '[]') AS root FROM (SELECT json_build_object('id', "_t1"."id", 'score', ("_t1"."score")::text) AS root FROM (SELECT "_b2".* FROM "public"."article" AS "_b2" WHERE true ORDER BY "_b2"."score" ASC NULLS FIRST) AS "_t1") AS "_s3";

-- by_max
SELECT coalesce(json_agg("_s4".root), '[]') AS root FROM (SELECT json_build_object('name', "_t1"."name") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE true ORDER BY (SELECT max("_r3"."score") FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b2"."id" AND true) DESC NULLS LAST) AS "_t1") AS "_s4";
