#!/usr/bin/env node
// The `service` executable: loads the compiled CLI (built by `npm install` through the prepare script).
import { runCli } from '../dist/cli/main.js';

await runCli(process.argv);
