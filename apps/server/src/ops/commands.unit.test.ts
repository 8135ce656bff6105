import { describe, expect, it } from 'vitest';
import { listModules } from '../modules/index.ts';
import type { ModuleDescriptor } from '../platform/module-descriptor.ts';
import type { OpsCommand } from '../platform/ops-command.ts';
import { HELP_WORDS, opsHelp } from './commands.ts';

/** `<name>: <module>, <module>` for each command name more than one module declares. */
function clashesOf(modules: readonly ModuleDescriptor[]): string[] {
  const owners = new Map<string, string[]>();
  for (const module of modules) {
    for (const command of module.commands ?? []) {
      owners.set(command.name, [...(owners.get(command.name) ?? []), module.name]);
    }
  }
  return [...owners].filter(([, names]) => names.length > 1).map(([name, names]) => `${name}: ${names.join(', ')}`);
}

const commands = listModules().flatMap((module) => module.commands ?? []);
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe("the modules' operator commands", () => {
  it('are declared by one module each: a name two modules declare is found', () => {
    expect(commands.length).toBeGreaterThanOrEqual(20);
    expect(clashesOf(listModules())).toEqual([]);
    const ship: OpsCommand = { name: 'ship', args: '', help: 'x', run: async () => ({ ok: true, lines: [] }) };
    expect(
      clashesOf([
        { name: 'orders', tables: [], commands: [ship] },
        { name: 'logistics', tables: [], commands: [ship] },
      ]),
    ).toEqual(['ship: orders, logistics']);
  });

  it('each have a word for a name (none the help takes) and a help line', () => {
    const badNames = commands
      .map((command) => command.name)
      .filter((name) => !/^[a-z][a-z0-9-]*$/.test(name) || HELP_WORDS.includes(name));
    expect(badNames).toEqual([]);
    const withoutHelp = commands.filter((command) => command.help.trim().length < 5).map((command) => command.name);
    expect(withoutHelp).toEqual([]);
  });

  it('are all in the help, each with its arguments and its help line', () => {
    const help = oneLine(opsHelp());
    const missing = commands.filter(
      (command) =>
        !help.includes(oneLine(`${command.name} ${command.args}`.trim())) || !help.includes(oneLine(command.help)),
    );
    expect(missing.map((command) => command.name)).toEqual([]);
    expect(help).toContain('--help this text');
  });
});
