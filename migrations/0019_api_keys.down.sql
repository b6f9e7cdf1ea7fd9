DROP TABLE api_key;
