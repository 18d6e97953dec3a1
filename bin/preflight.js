#!/usr/bin/env node
// The `preflight` executable: a shim over the built CLI (`npm run build` writes dist/).
import { main } from '../dist/node/cli.js'

process.exitCode = await main(process.argv.slice(2))
