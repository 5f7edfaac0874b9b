export const USAGE = `Usage: casefile <command> [options]

Commands:
  sandbox [--port N] [--data-dir D]        run the local sandbox registry (prints its addresses and demo keys)
  config set --base-url URL --upload-url URL [--profile NAME]
                                           set the registry this data folder syncs with
  config show                              show the data folder and its registry
  submit FILE.json                         draft and queue a report (attachments may be local file paths)
  update ID FILE.json                      queue an update (ID: local id or registry id)
  unlist ID                                queue the unlisting of a report
  sync [--until-idle]                      send the outbox (once, or until nothing more can move)
  outbox                                   list what is waiting to be sent
  search --type T VALUE [--offline] [--export OUT]
                                           search by identifier (online, falling back to the cache)
  submissions [--refresh] [--limit N] [--export OUT]
                                           the organization's reports, from the cache
                                           (--export writes all of them, or the results, to OUT: .csv or .xlsx)
  banks [--refresh]                        the bank list, from the cache
  import FILE [--dry-run] [--as-bulk] [--rejected-out OUT]
                                           queue the rows of a bulk spreadsheet (CSV/XLSX); rejected rows
                                           are listed (and written to OUT, .csv or .xlsx, to fix and re-import)
  log [--limit N]                          the local log of exchanges with the registry

Global options:
  --data-dir D   the data folder (default: the desktop app's, profile CASEFILE_PROFILE or "sandbox")
  --json         machine-readable output (stable; see README)
  --help

The API key comes from CASEFILE_API_KEY, else from the OS keychain; it is never written to disk.
Exit codes: 0 done, 1 bad usage or input, 2 items need attention (or import rows were rejected), 3 offline,
4 API key missing or refused, 5 another Casefile process is syncing this folder.`
