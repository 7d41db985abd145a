import { Command } from 'commander';
import { listConnections, revokeConnection } from '../../oauth/connections.js';
import { print, table } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';

/** `service connections list|revoke`: the MCP clients signed in with OAuth, and taking their access away. */
export function connectionsCommand(): Command {
  const connections = new Command('connections').description('list and revoke MCP clients connected with OAuth');

  dataOptions(
    connections
      .command('list')
      .description('connected OAuth clients, newest first (revoked ones too)')
      .option('--account <id>', 'only this account\'s connections'),
  ).action(async (options) => {
    await withNode(options, { read: 'nothing to list' }, (ctx) => {
      const rows = listConnections(ctx, options.account);
      print(rows, options, () =>
        rows.length === 0
          ? 'no OAuth connections yet; an MCP client connects by signing in at /oauth/authorize'
          : table(
              rows.map((row) => ({ ...row, scopes: row.scopes.join(' '), status: row.revoked_at ? 'revoked' : 'active', last_used_at: row.last_used_at ?? 'never' })),
              ['id', 'client_name', 'account_id', 'scopes', 'status', 'created_at', 'last_used_at'],
            ),
      );
    });
  });

  dataOptions(
    connections.command('revoke').description('revoke a connection: its tokens are refused from the next request on').argument('<connection-id>', 'connection id (con_...)'),
  ).action(async (id: string, options) => {
    await withNode(options, { change: 'no connection to revoke' }, (ctx) => {
      const revoked = revokeConnection(ctx, id);
      print(revoked, options, () => `revoked ${revoked.id} (${revoked.client_name}); it must sign in again to reconnect`);
    });
  });

  return connections;
}
