-- A small schema for the engine's golden and route tests: every feature the planner compiles.
CREATE TABLE article_status (value text PRIMARY KEY, comment text);
INSERT INTO article_status VALUES ('draft', 'Not visible yet'), ('published', 'Visible to readers');

CREATE TABLE author (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  email text,
  rating numeric,
  followers bigint NOT NULL DEFAULT 0,
  profile jsonb NOT NULL DEFAULT '{}'
);
CREATE TABLE article (
  id serial PRIMARY KEY,
  title text NOT NULL,
  body text,
  author_id integer NOT NULL REFERENCES author (id),
  status text NOT NULL REFERENCES article_status (value),
  tags jsonb NOT NULL DEFAULT '[]',
  score float8,
  published_at timestamptz
);
CREATE TABLE comment (
  id serial PRIMARY KEY,
  article_id integer NOT NULL REFERENCES article (id),
  author_id integer REFERENCES author (id),
  body text NOT NULL
);
CREATE FUNCTION search_articles(search text) RETURNS SETOF article AS $$
  SELECT * FROM article WHERE title ILIKE '%' || search || '%'
$$ LANGUAGE sql STABLE;

INSERT INTO author (name, email, rating, followers, profile) VALUES
  ('Ada', 'ada@example.com', 4.5, 9007199254740993, '{"city": "London", "langs": ["en", "fr"]}'),
  ('Brian', 'brian@example.com', 3.25, 12, '{"city": "Toronto"}'),
  ('Chen', NULL, NULL, 0, '{}');
INSERT INTO article (title, body, author_id, status, tags, score, published_at) VALUES
  ('Engines', 'How engines work', 1, 'published', '["tech", "cars"]', 9.5, '2024-01-02T03:04:05Z'),
  ('Graphs', 'Nodes and edges', 1, 'draft', '["math"]', 7.25, NULL),
  ('Kernels', 'Inside the kernel', 2, 'published', '["tech"]', 8, '2024-02-03T04:05:06Z'),
  ('Quotes ''and'' "marks"', NULL, 3, 'published', '[]', NULL, '2024-03-04T05:06:07Z');
INSERT INTO comment (article_id, author_id, body) VALUES
  (1, 2, 'Great read'), (1, 3, 'Thanks'), (3, 1, 'Deep'), (4, NULL, 'Anonymous note');
