// Drops and creates the PostgreSQL database named by the URL in argv[2], so that the e2e server seeds it afresh.
import pg from 'pg';

const url = new URL(process.argv[2]);
const name = url.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
url.pathname = '/postgres';
const admin = new pg.Client({ connectionString: url.href });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
