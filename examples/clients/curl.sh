#!/usr/bin/env bash
# Pulseboard's GraphQL API from curl: a personal access token traded for a session, a mutation
# sent with POST, a query with GET; then a server-side script's call with the admin secret.
set -euo pipefail
URL=${PULSEBOARD_URL:-http://127.0.0.1:1337}

# Trade the personal access token for a session; its accessToken is a JWT for 15 minutes.
ACCESS=$(curl -sf "$URL/auth/v1/signin/pat" -H 'Content-Type: application/json' \
  -d "{\"personalAccessToken\": \"$PULSEBOARD_PAT\"}" | jq -r .session.accessToken)

# A mutation, with POST: a new workspace, whose creator becomes its owner.
curl -sf "$URL/graphql/v1" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"query": "mutation ($name: String!, $slug: String!) { insert_workspaces(objects: [{name: $name, slug: $slug}]) { affected_rows } }",
       "variables": {"name": "Curl lab", "slug": "curl-lab"}}'
echo

# A query, with GET: the parameters in the URL, the variables as JSON.
curl -sfG "$URL/graphql/v1" -H "Authorization: Bearer $ACCESS" \
  --data-urlencode 'query=query ($slug: String!) { workspaces(where: {slug: {_eq: $slug}}) { name slug } }' \
  --data-urlencode 'variables={"slug": "curl-lab"}'
echo

# A server-side script with the admin secret: every row, every table. Never in a browser.
curl -sf "$URL/graphql/v1" -H "x-hasura-admin-secret: $PULSEBOARD_ADMIN_SECRET" -H 'Content-Type: application/json' \
  -d '{"query": "{ workspaces_aggregate { aggregate { count } } }"}'
echo
