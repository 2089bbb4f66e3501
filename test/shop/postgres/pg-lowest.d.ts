// `pg-lowest` is pg 8.11.0 installed under an alias (package.json devDependencies): the same API as `pg`.
declare module 'pg-lowest' {
  import pg from 'pg';
  export default pg;
}
