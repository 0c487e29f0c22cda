import Sqlite from 'better-sqlite3';

// The records of the demo business that the load tests post with, read straight from the SQLite file.
export function demoPostingIds(sqlitePath: string) {
  const db = new Sqlite(sqlitePath, { readonly: true });
  try {
    const one = (query: string) => (db.prepare(query).get() as { id: number } | undefined)?.id ?? 0;
    return {
      item: one('select id from items where is_inventory_tracked = 1 and deleted_at is null order by id limit 1'),
      supplier: one(
        "select c.id from contacts c join contact_types t on t.id = c.contact_type_id where t.name like 'Supplier%' order by c.id limit 1",
      ),
      customer: one(
        "select c.id from contacts c join contact_types t on t.id = c.contact_type_id where t.name like 'Customer%' order by c.id limit 1",
      ),
      branch: one('select id from branches order by id limit 1'),
      warehouse: one('select id from warehouses order by id limit 1'),
    };
  } finally {
    db.close();
  }
}
