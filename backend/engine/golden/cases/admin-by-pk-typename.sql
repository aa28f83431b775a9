-- author_by_pk
SELECT (SELECT "_s3".root FROM (SELECT json_build_object('__typename', 'author', 'id', "_t1"."id", 'name', "_t1"."name", 'rating', ("_t1"."rating")::text, 'followers', ("_t1"."followers")::text, 'profile', "_t1"."profile", 'city', ("_t1"."profile" #> ($1)::text[]), 'lang', ("_t1"."profile" #> ($2)::text[])) AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE ("_b2"."id" = ($3)::integer)) AS "_t1") AS "_s3" LIMIT 1) AS root;

-- missing
SELECT (SELECT "_s3".root FROM (SELECT json_build_object('id', "_t1"."id") AS root FROM (SELECT "_b2".* FROM "public"."author" AS "_b2" WHERE ("_b2"."id" = ($1)::integer)) AS "_t1") AS "_s3" LIMIT 1) AS root;
