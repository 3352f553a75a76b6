import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job, type IJob } from 'kubernetes-models/batch/v1';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  Namespace,
  PersistentVolumeClaim,
  Secret,
  Service,
  type IConfigMap,
  type IContainer,
  type INamespace,
  type IPersistentVolumeClaim,
  type IPodSpec,
  type IPodTemplateSpec,
  type IProbe,
  type ISecret,
  type IService,
} from 'kubernetes-models/v1';

/**
 * The Kubernetes manifests in deploy/kubernetes: every object the kustomization lists (and the
 * optional Caddy component) against the Kubernetes API's schemas, and against the rest of the
 * repository: docker-compose.yml's images, commands and ports, nginx.conf's upstreams, the
 * Caddyfile, the README's settings, tools/migrate.mjs.
 */
const ROOT = join(__dirname, '..', '..');
const K8S = join(ROOT, 'deploy', 'kubernetes');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Loaded {
  /** Path from the repository's root. */
  file: string;
  /** The YAML document's text, comments included. */
  text: string;
  object: Manifest;
}

/** What the API server would check: the kind's schema, and the fields its type declares. */
interface Kind {
  validate: (object: Manifest) => void;
  /** The module and interface of kubernetes-models that declare the kind's fields. */
  module: string;
  type: string;
}

const kind = <T>(Model: new (data: T) => { validate(): void }, module: string, type: string): Kind => ({
  validate: (object) => new Model(object as unknown as T).validate(),
  module,
  type,
});

/** Every kind the manifests may use; any other is refused. */
const KINDS: Record<string, Kind> = {
  'v1/Namespace': kind(Namespace, 'kubernetes-models/v1/Namespace', 'INamespace'),
  'v1/ConfigMap': kind(ConfigMap, 'kubernetes-models/v1/ConfigMap', 'IConfigMap'),
  'v1/Secret': kind(Secret, 'kubernetes-models/v1/Secret', 'ISecret'),
  'v1/Service': kind(Service, 'kubernetes-models/v1/Service', 'IService'),
  'v1/PersistentVolumeClaim': kind(PersistentVolumeClaim, 'kubernetes-models/v1/PersistentVolumeClaim', 'IPersistentVolumeClaim'),
  'apps/v1/Deployment': kind(Deployment, 'kubernetes-models/apps/v1/Deployment', 'IDeployment'),
  'batch/v1/Job': kind(Job, 'kubernetes-models/batch/v1/Job', 'IJob'),
  'autoscaling/v2/HorizontalPodAutoscaler': kind(HorizontalPodAutoscaler, 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler', 'IHorizontalPodAutoscaler'),
  'policy/v1/PodDisruptionBudget': kind(PodDisruptionBudget, 'kubernetes-models/policy/v1/PodDisruptionBudget', 'IPodDisruptionBudget'),
  'networking.k8s.io/v1/Ingress': kind(Ingress, 'kubernetes-models/networking.k8s.io/v1/Ingress', 'IIngress'),
};

const keyOf = (object: Manifest) => `${object.apiVersion}/${object.kind}`;
const where = (loaded: Loaded) => `${loaded.file}: ${loaded.object.kind} ${loaded.object.metadata?.name}`;

/** The files a kustomization lists (resources and components, folders followed), in order. */
function kustomizationFiles(dir: string): string[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources?: string[]; components?: string[] };
  return [...(kustomization.resources ?? []), ...(kustomization.components ?? [])].flatMap((entry) => {
    const path = join(dir, entry);
    return existsSync(join(path, 'kustomization.yaml')) ? kustomizationFiles(path) : [path];
  });
}

function load(path: string): Loaded[] {
  const file = relative(ROOT, path);
  return parseAllDocuments(readFileSync(path, 'utf8')).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
    const object = document.toJS() as Manifest | null;
    return object === null ? [] : [{ file, text: document.toString(), object }];
  });
}

const baseFiles = kustomizationFiles(K8S);
const caddyFiles = kustomizationFiles(join(K8S, 'components', 'caddy-edge'));
const base = baseFiles.flatMap(load);
const caddy = caddyFiles.flatMap(load);
const secretExample = load(join(K8S, 'secret.example.yaml'));
/** Everything that can be applied, and the Secret whose keys the example names. */
const all = [...base, ...caddy, ...secretExample];

const objectsOf = <T>(list: Loaded[], kindName: string) => list.filter((l) => l.object.kind === kindName).map((l) => l.object as unknown as T & Manifest);
const named = <T extends Manifest>(list: T[], name: string) => list.find((o) => o.metadata.name === name);

const deployments = objectsOf<IDeployment>([...base, ...caddy], 'Deployment');
const services = objectsOf<IService>([...base, ...caddy], 'Service');
const hpas = objectsOf<IHorizontalPodAutoscaler>(base, 'HorizontalPodAutoscaler');
const pdbs = objectsOf<IPodDisruptionBudget>([...base, ...caddy], 'PodDisruptionBudget');
const jobs = objectsOf<IJob>(base, 'Job');
const ingresses = objectsOf<IIngress>(base, 'Ingress');
const claims = objectsOf<IPersistentVolumeClaim>([...base, ...caddy], 'PersistentVolumeClaim');
const [configMap] = objectsOf<IConfigMap>(base, 'ConfigMap');
const [secret] = objectsOf<ISecret>(secretExample, 'Secret');
const settings = configMap.data ?? {};
const secretKeys = Object.keys(secret.stringData ?? {});

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
/** The product's own Node services: those started from the built image with a health port. */
const nodeServices = Object.entries(compose.services).filter(([, s]) => s.environment?.HEALTH_PORT !== undefined);

/** The value, or a failure naming what is missing. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

const environmentOf = (service: ComposeService) => must(service.environment, 'a compose service environment');
const templateOf = (owner: (IDeployment | IJob) & Manifest): IPodTemplateSpec => must(owner.spec, `${owner.metadata.name}'s spec`).template;
const podOf = (owner: (IDeployment | IJob) & Manifest): IPodSpec => must(templateOf(owner).spec, `${owner.metadata.name}'s pod spec`);
const podTemplates: [string, IPodTemplateSpec][] = [
  ...deployments.map((d): [string, IPodTemplateSpec] => [`Deployment ${d.metadata.name}`, templateOf(d)]),
  ...jobs.map((j): [string, IPodTemplateSpec] => [`Job ${j.metadata.name}`, templateOf(j)]),
];
const podSpecs: [string, IPodSpec][] = podTemplates.map(([owner, template]) => [owner, must(template.spec, `${owner}'s pod spec`)]);
const containersOf = (pod: IPodSpec): IContainer[] => [...(pod.initContainers ?? []), ...pod.containers];
const deploymentNamed = (name: string) => must(named(deployments, name), `Deployment ${name}`);
const containerOf = (name: string) => podOf(deploymentNamed(name)).containers[0];

/** A container port's number, from a probe's or Service's port (number or name). */
function portNumber(container: IContainer, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return (container.ports ?? []).some((p) => p.containerPort === port) ? port : undefined;
  return (container.ports ?? []).find((p) => p.name === port)?.containerPort;
}

function httpProbe(container: IContainer, probe: IProbe | undefined): { path?: string; port?: number } {
  return { path: probe?.httpGet?.path, port: portNumber(container, probe?.httpGet?.port) };
}

/** True when every label of the selector is on the pod template. */
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** A resource quantity (100m, 1, 512Mi, 1Gi ...) as a number of cores or bytes. */
function quantity(value: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/.exec(String(value));
  if (!match) throw new Error(`not a quantity: ${value}`);
  const factors: Record<string, number> = { '': 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
  return Number(match[1]) * factors[match[2] ?? ''];
}

/** Replicas a Deployment runs at the least: its autoscaler's minimum, else its own count. */
function minimumReplicas(deployment: IDeployment & Manifest): number {
  const hpa = hpas.find((h) => h.spec?.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === deployment.metadata.name);
  return hpa?.spec?.minReplicas ?? deployment.spec?.replicas ?? 1;
}

/**
 * The settings there are: the names README.md's "Configuration" table documents (every backticked
 * name of its first column), and the names libs/config reads from the environment (NODE_ENV ...).
 */
function knownSettings(): Set<string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const documented = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  const configDir = join(ROOT, 'libs', 'config', 'src');
  const read = readdirSync(configDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
    .flatMap((name) => [...readFileSync(join(configDir, name), 'utf8').matchAll(/\(\s*'([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1]));
  return new Set([...documented, ...read]);
}

/**
 * Field names the kubernetes-models types do not declare. Its JSON-schema validators let unknown
 * fields through (Kubernetes' schemas do not forbid them), but the API server refuses them under
 * kubectl's strict field validation, and a misspelt `livenesProbe` would otherwise pass silently.
 * The declared fields are read from the package's TypeScript declarations.
 */
function unknownFieldChecker(): (object: Manifest) => string[] {
  const entries = Object.entries(KINDS);
  const fileName = join(ROOT, 'deploy', 'src', '__kubernetes_kinds__.ts');
  const source = entries.map(([, k], i) => `import type { ${k.type} as T${i} } from '${k.module}';\nexport type K${i} = T${i};`).join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, version, ...rest) => (name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest));
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  const file = must(program.getSourceFile(fileName), fileName);
  const problems = program.getSemanticDiagnostics(file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (problems.length > 0) throw new Error(`kubernetes-models' declarations: ${problems.join('; ')}`);
  const checker = program.getTypeChecker();
  const aliases = file.statements.filter(ts.isTypeAliasDeclaration);
  const types = new Map(entries.map(([key], i) => [key, checker.getTypeAtLocation(aliases[i].name)]));

  const walk = (value: unknown, declared: ts.Type, path: string, found: string[]): void => {
    if (value === null || typeof value !== 'object') return;
    const type = checker.getNonNullableType(declared);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    const candidates = type.isUnion() ? type.types : [type];
    if (Array.isArray(value)) {
      const element = candidates.map((t) => t.getNumberIndexType()).find((t) => t !== undefined);
      if (element) value.forEach((item, i) => walk(item, element, `${path}[${i}]`, found));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const property = candidates.map((t) => t.getProperty(key)).find((p) => p !== undefined);
      const index = candidates.map((t) => t.getStringIndexType()).find((t) => t !== undefined);
      if (property) walk(child, checker.getTypeOfSymbolAtLocation(property, property.valueDeclaration ?? file), `${path}.${key}`, found);
      else if (index) walk(child, index, `${path}.${key}`, found);
      else found.push(`${path}.${key}`);
    }
  };
  return (object) => {
    const found: string[] = [];
    walk(object, must(types.get(keyOf(object)), keyOf(object)), object.kind, found);
    return found;
  };
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it('lists files that exist, each a YAML stream of named objects', () => {
    expect(baseFiles.length).toBeGreaterThan(5);
    for (const file of [...baseFiles, ...caddyFiles]) expect(existsSync(file)).toBe(true);
    for (const { file, object } of all) {
      expect({ file, apiVersion: typeof object.apiVersion, kind: typeof object.kind, name: typeof object.metadata?.name }).toEqual({
        file,
        apiVersion: 'string',
        kind: 'string',
        name: 'string',
      });
    }
  });

  it("validates every object against the Kubernetes schemas (kubernetes-models), refusing kinds it does not know", () => {
    const failures: string[] = [];
    for (const loaded of all) {
      const known = KINDS[keyOf(loaded.object)];
      if (!known) {
        failures.push(`${where(loaded)}: unknown kind ${keyOf(loaded.object)}`);
        continue;
      }
      try {
        known.validate(loaded.object);
      } catch (error) {
        failures.push(`${where(loaded)}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('uses no field the Kubernetes API does not declare (kubectl refuses unknown fields)', () => {
    const unknownFields = unknownFieldChecker();
    const found = all.filter((l) => KINDS[keyOf(l.object)]).flatMap((l) => unknownFields(l.object).map((field) => `${l.file}: ${field}`));
    expect(found).toEqual([]);
  }, 60_000);

  it("runs every Node service from docker-compose.yml's image and command, on its port", () => {
    expect(nodeServices.map(([name]) => name).sort()).toEqual(['auth-service', 'billing-service', 'gateway', 'qr-service', 'redirect-service']);
    for (const [name, service] of nodeServices) {
      const container = containerOf(name);
      const environment = environmentOf(service);
      const port = Number(environment.HEALTH_PORT);
      // The port setting compose gives this service (AUTH_PORT ...) is the ConfigMap's too.
      const portSetting = must(Object.keys(environment).find((k) => k.endsWith('_PORT') && k !== 'HEALTH_PORT'), `${name}'s port setting`);
      expect({ name, image: container.image, command: container.command, port: container.ports?.[0]?.containerPort, setting: settings[portSetting] }).toEqual({
        name,
        image: service.image,
        command: service.command,
        port,
        setting: String(port),
      });
      expect(podOf(deploymentNamed(name)).containers).toHaveLength(1);
    }
  });

  it("serves the web app from compose's nginx image on nginx.conf's port, its upstreams being Services on their ports", () => {
    const nginxConf = readFileSync(join(ROOT, 'nginx', 'nginx.conf'), 'utf8');
    const listen = Number(/^\s*listen\s+(\d+);/m.exec(nginxConf)?.[1]);
    const container = containerOf('nginx');
    expect(container.image).toBe(compose.services.nginx.image);
    expect(container.ports?.map((p) => p.containerPort)).toEqual([listen]);
    const upstreams = [...nginxConf.matchAll(/^\s*server\s+([a-z0-9-]+):(\d+);/gm)].map((m) => ({ host: m[1], port: Number(m[2]) }));
    expect(upstreams.map((u) => u.host).sort()).toEqual(['gateway', 'redirect-service']);
    for (const { host, port } of upstreams) expect({ host, ports: named(services, host)?.spec?.ports?.map((p) => p.port) }).toEqual({ host, ports: [port] });
    // The gateway fetches images from the qr-service's Service.
    const qr = new URL(settings.QR_INTERNAL_URL);
    expect(named(services, qr.hostname)?.spec?.ports?.map((p) => p.port)).toEqual([Number(qr.port)]);
  });

  it('probes liveness on /health/live and readiness on /health/ready, on the container port', () => {
    const probes = Object.fromEntries(
      nodeServices.map(([name]) => {
        const container = containerOf(name);
        const port = must(container.ports, `${name}'s ports`)[0].containerPort;
        const live = httpProbe(container, container.livenessProbe);
        const ready = httpProbe(container, container.readinessProbe);
        expect({ name, livePort: live.port, readyPort: ready.port }).toEqual({ name, livePort: port, readyPort: port });
        return [name, { live: live.path, ready: ready.path }];
      }),
    );
    expect(probes).toEqual({
      'auth-service': { live: '/health/live', ready: '/health/ready' },
      'qr-service': { live: '/health/live', ready: '/health/ready' },
      'billing-service': { live: '/health/live', ready: '/health/ready' },
      gateway: { live: '/health/live', ready: '/health/ready' },
      // Its readiness is Redis answering; while Redis is away it must keep redirecting the codes it
      // knows (RELIABILITY.md), so it stays in its Service: readiness is liveness (the YAML says why).
      'redirect-service': { live: '/health/live', ready: '/health/live' },
    });
    expect(containerOf('redirect-service').readinessProbe?.httpGet?.path).toBe('/health/live');
    const nginx = containerOf('nginx');
    expect([httpProbe(nginx, nginx.livenessProbe), httpProbe(nginx, nginx.readinessProbe)]).toEqual([
      { path: '/health', port: 8080 },
      { path: '/health', port: 8080 },
    ]);
    for (const deployment of deployments) {
      for (const container of podOf(deployment).containers) {
        expect({ name: deployment.metadata.name, liveness: !!container.livenessProbe, readiness: !!container.readinessProbe }).toEqual({
          name: deployment.metadata.name,
          liveness: true,
          readiness: true,
        });
      }
    }
  });

  it("gives every Deployment a Service of its name that selects its pods, on the container's ports", () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const service = named(services, name);
      const labels = templateOf(deployment).metadata?.labels;
      const container = podOf(deployment).containers[0];
      expect({ name, service: !!service, selects: selects(service?.spec?.selector, labels) }).toEqual({ name, service: true, selects: true });
      expect(selects(deployment.spec?.selector.matchLabels, labels)).toBe(true);
      for (const port of service?.spec?.ports ?? []) {
        // Other parts address each service as <name>:<port>: the Service's port is the container's.
        expect({ name, target: portNumber(container, port.targetPort ?? port.port) }).toEqual({ name, target: port.port });
      }
    }
  });

  it('sets CPU and memory requests and limits on every container, each request within its limit', () => {
    for (const [owner, pod] of podSpecs) {
      for (const container of containersOf(pod)) {
        const { requests = {}, limits = {} } = container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          const what = `${owner} ${container.name} ${resource}`;
          expect({ what, request: requests[resource] !== undefined, limit: limits[resource] !== undefined }).toEqual({ what, request: true, limit: true });
          expect({ what, within: quantity(requests[resource]) <= quantity(limits[resource]) }).toEqual({ what, within: true });
        }
      }
    }
  });

  it("cites the measured memory behind each Node service's and nginx's resources", () => {
    for (const name of [...nodeServices.map(([n]) => n), 'nginx']) {
      const loaded = [...base, ...caddy].find((l) => l.object.kind === 'Deployment' && l.object.metadata.name === name);
      expect({ name, cited: /RELIABILITY\.md|BENCHMARKS\.md/.test(loaded?.text ?? '') }).toEqual({ name, cited: true });
    }
    // A backlog drain of the qr-service needs the old space V8 gives a 1Gi container (qr-service.yaml).
    expect(quantity(containerOf('qr-service').resources?.limits?.memory ?? 0)).toBeGreaterThanOrEqual(2 ** 30);
  });

  it('runs every pod as non-root under the restricted Pod Security Standard, on a read-only root filesystem', () => {
    const [namespace] = objectsOf<INamespace>(base, 'Namespace');
    expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const [owner, pod] of podSpecs) {
      expect({ owner, nonRoot: pod.securityContext?.runAsNonRoot, user: (pod.securityContext?.runAsUser ?? 0) > 0, seccomp: pod.securityContext?.seccompProfile?.type }).toEqual({
        owner,
        nonRoot: true,
        user: true,
        seccomp: 'RuntimeDefault',
      });
      // Service links would put e.g. GATEWAY_PORT=tcp://... (a setting's very name) into the environment.
      expect({ owner, serviceLinks: pod.enableServiceLinks, token: pod.automountServiceAccountToken }).toEqual({ owner, serviceLinks: false, token: false });
      const volumes = new Set((pod.volumes ?? []).map((v) => v.name));
      for (const container of containersOf(pod)) {
        const context = container.securityContext ?? {};
        const what = `${owner} ${container.name}`;
        expect({ what, escalation: context.allowPrivilegeEscalation, readOnly: context.readOnlyRootFilesystem, drop: context.capabilities?.drop, privileged: context.privileged ?? false }).toEqual({
          what,
          escalation: false,
          readOnly: true,
          drop: ['ALL'],
          privileged: false,
        });
        // The only capability the restricted standard lets a pod add.
        expect({ what, add: (context.capabilities?.add ?? []).filter((c) => c !== 'NET_BIND_SERVICE') }).toEqual({ what, add: [] });
        for (const mount of container.volumeMounts ?? []) expect({ what, mount: mount.name, declared: volumes.has(mount.name) }).toEqual({ what, mount: mount.name, declared: true });
      }
    }
  });

  it('mounts a writable volume wherever a service writes: /tmp, the mail outbox, the shared data folders', () => {
    const mountFor = (pod: IPodSpec, container: IContainer, path: string) => {
      const mount = (container.volumeMounts ?? [])
        .filter((m) => path === m.mountPath || path.startsWith(`${m.mountPath.replace(/\/$/, '')}/`))
        .sort((a, b) => b.mountPath.length - a.mountPath.length)[0];
      return mount && !mount.readOnly ? pod.volumes?.find((v) => v.name === mount.name) : undefined;
    };
    for (const [owner, pod] of podSpecs) {
      for (const container of containersOf(pod)) {
        if (container.image !== compose.services.gateway.image) continue;
        expect({ owner, tmp: mountFor(pod, container, '/tmp')?.emptyDir !== undefined }).toEqual({ owner, tmp: true });
      }
    }
    const auth = podOf(deploymentNamed('auth-service'));
    expect(mountFor(auth, auth.containers[0], settings.MAIL_OUTBOX_DIR)?.emptyDir).toBeDefined();
    // Every qr-service replica must see the same data exports and content files (README).
    const qr = deploymentNamed('qr-service');
    const qrPod = podOf(qr);
    for (const setting of ['DATA_EXPORT_DIR', 'CONTENT_STORAGE_DIR']) {
      const claimName = mountFor(qrPod, qrPod.containers[0], settings[setting])?.persistentVolumeClaim?.claimName;
      const claim = claimName ? named(claims, claimName) : undefined;
      expect({ setting, claim: claim?.metadata.name }).toEqual({ setting, claim: claimName });
      if (minimumReplicas(qr) > 1) expect(claim?.spec?.accessModes).toContain('ReadWriteMany');
    }
  });

  it('takes every setting from the ConfigMap qrd-config or the Secret qrd-secrets, all of them documented', () => {
    const configMaps = new Set(objectsOf<IConfigMap>(base, 'ConfigMap').map((c) => c.metadata.name));
    const known = knownSettings();
    for (const [owner, pod] of podSpecs) {
      for (const container of containersOf(pod)) {
        const what = `${owner} ${container.name}`;
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) expect({ what, configMap: configMaps.has(source.configMapRef.name ?? '') }).toEqual({ what, configMap: true });
          if (source.secretRef) expect({ what, secret: source.secretRef.name }).toEqual({ what, secret: secret.metadata.name });
          expect({ what, prefix: source.prefix }).toEqual({ what, prefix: undefined });
        }
        for (const variable of container.env ?? []) {
          const fromConfig = variable.valueFrom?.configMapKeyRef;
          const fromSecret = variable.valueFrom?.secretKeyRef;
          const found = fromConfig ? configMaps.has(fromConfig.name ?? '') && fromConfig.key in settings : fromSecret ? fromSecret.name === secret.metadata.name && secretKeys.includes(fromSecret.key) : false;
          expect({ what, variable: variable.name, found }).toEqual({ what, variable: variable.name, found: true });
        }
      }
    }
    // Every key is a setting the product reads or the README documents (a misspelt name is not),
    // and no key is in both.
    const keys = [...Object.keys(settings), ...secretKeys];
    expect(known.has('NODE_ENV') && known.has('PUBLIC_HOST')).toBe(true);
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
    expect(Object.keys(settings).filter((key) => secretKeys.includes(key))).toEqual([]);
    // What docker-compose.yml gives the Node services is here too, but for the folder-less S3 store,
    // a blocklist file that would have to be mounted, and compose's own health-check port.
    const notNeeded = new Set(['HEALTH_PORT', 'DESTINATION_BLOCKLIST_FILE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    const composeKeys = [...new Set(nodeServices.flatMap(([, s]) => Object.keys(environmentOf(s))))];
    expect(composeKeys.filter((key) => !notNeeded.has(key) && !keys.includes(key))).toEqual([]);
    expect(settings.CONTENT_STORAGE).toBe('local');
    // Production, with real payments unless a demo says otherwise.
    expect({ NODE_ENV: settings.NODE_ENV, ALLOW_TEST_PAYMENTS: settings.ALLOW_TEST_PAYMENTS }).toEqual({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'false' });
    expect(settings.TRUSTED_PROXIES).toBeTruthy();
  });

  it('keeps secret.example.yaml an example: placeholders only, never applied by the kustomization', () => {
    expect(baseFiles.map((f) => relative(K8S, f))).not.toContain('secret.example.yaml');
    expect(secret.metadata.name).toBe('qrd-secrets');
    expect(secret.data).toBeUndefined();
    expect(Object.entries(secret.stringData ?? {}).filter(([, value]) => !value.includes('replace-me'))).toEqual([]);
    expect(secretKeys).toEqual(expect.arrayContaining(['SESSION_SECRET', 'DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']));
  });

  it('scales the gateway and the redirect-service on CPU, leaving their replica count to the autoscaler', () => {
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual(['gateway', 'redirect-service']);
    for (const hpa of hpas) {
      const spec = must(hpa.spec, `${hpa.metadata.name}'s spec`);
      const target = spec.scaleTargetRef;
      expect({ apiVersion: target.apiVersion, kind: target.kind, exists: !!named(deployments, target.name) }).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', exists: true });
      const deployment = deploymentNamed(target.name);
      // An apply that sets replicas would undo the autoscaler's count.
      expect({ name: target.name, replicas: deployment.spec?.replicas }).toEqual({ name: target.name, replicas: undefined });
      expect(spec.metrics?.map((m) => m.resource?.name)).toEqual(['cpu']);
      expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas ?? 1);
      // Utilization is measured against the request: there must be one.
      for (const container of podOf(deployment).containers) expect(container.resources?.requests?.cpu).toBeDefined();
    }
  });

  it('gives every Deployment with more than one replica a PodDisruptionBudget, and every budget pods to cover', () => {
    const covered = (deployment: IDeployment & Manifest) => pdbs.some((pdb) => selects(pdb.spec?.selector?.matchLabels, templateOf(deployment).metadata?.labels));
    const multi = deployments.filter((d) => minimumReplicas(d) > 1);
    expect(multi.map((d) => d.metadata.name).sort()).toEqual(['auth-service', 'billing-service', 'gateway', 'nginx', 'qr-service', 'redirect-service']);
    expect(multi.filter((d) => !covered(d)).map((d) => d.metadata.name)).toEqual([]);
    for (const pdb of pdbs) {
      expect(pdb.spec?.selector?.matchExpressions).toBeUndefined();
      const matches = deployments.filter((d) => selects(pdb.spec?.selector?.matchLabels, templateOf(d).metadata?.labels));
      expect({ pdb: pdb.metadata.name, matches: matches.length }).toEqual({ pdb: pdb.metadata.name, matches: 1 });
      expect(minimumReplicas(matches[0])).toBeGreaterThan(1);
    }
  });

  it("migrates before the rollout with compose's image and the services' own migrate command, in tools/migrate.mjs's order", () => {
    const migrate = readFileSync(join(ROOT, 'tools', 'migrate.mjs'), 'utf8');
    const list = must(/for \(const service of \[([^\]]+)\]\)/.exec(migrate), "tools/migrate.mjs's services")[1];
    const order = [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
    expect(order.length).toBeGreaterThan(0);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    const pod = podOf(job);
    const containers = containersOf(pod);
    expect(containers.map((c) => c.command)).toEqual(order.map((name) => [...(compose.services[name].command ?? []), 'migrate']));
    for (const container of containers) {
      expect(container.image).toBe(compose.services[order[0]].image);
      expect(container.envFrom).toEqual(containerOf(order[0]).envFrom);
    }
    expect(pod.restartPolicy).toBe('Never');
    // Applied first, with what it needs (README.md "Every release").
    const first = base.filter((l) => l.object.metadata.labels?.['qr-dynamic/pre-rollout'] === 'true').map((l) => l.object.kind);
    expect(first.sort()).toEqual(['ConfigMap', 'Job', 'Namespace']);
  });

  it("routes the Ingress to nginx's Service, for PUBLIC_BASE_URL's host", () => {
    const host = new URL(settings.PUBLIC_BASE_URL).hostname;
    expect(settings.PUBLIC_HOST).toBe(host);
    for (const ingress of ingresses) {
      expect(ingress.spec?.tls?.flatMap((t) => t.hosts)).toEqual([host]);
      for (const rule of ingress.spec?.rules ?? []) {
        expect(rule.host).toBe(host);
        for (const path of rule.http?.paths ?? []) {
          const backend = path.backend.service;
          const service = named(services, backend?.name ?? '');
          expect(service?.spec?.ports?.some((p) => p.name === backend?.port?.name || p.port === backend?.port?.number)).toBe(true);
        }
      }
    }
  });

  it("gives the Caddy edge deploy/caddy's Caddyfile, compose's image, the settings it reads and the Services it names", () => {
    const caddyfile = readFileSync(join(ROOT, 'deploy', 'caddy', 'Caddyfile'), 'utf8');
    expect(readFileSync(join(K8S, 'components', 'caddy-edge', 'Caddyfile'), 'utf8')).toBe(caddyfile);
    const container = containerOf('caddy');
    expect(container.image).toBe(compose.services.caddy.image);
    const placeholders = [...new Set([...caddyfile.matchAll(/\{\$([A-Z_]+)/g)].map((m) => m[1]))].sort();
    expect((container.env ?? []).map((e) => e.name).sort()).toEqual(placeholders);
    for (const [, host, port] of caddyfile.matchAll(/(?:reverse_proxy|ask)\s+(?:http:\/\/)?([a-z0-9-]+):(\d+)/g)) {
      expect({ host, ports: named(services, host)?.spec?.ports?.map((p) => p.port) }).toEqual({ host, ports: [Number(port)] });
    }
    // The component replaces the Ingress.
    const component = parse(readFileSync(join(K8S, 'components', 'caddy-edge', 'kustomization.yaml'), 'utf8')) as { patches: { patch: string }[] };
    const deleted = component.patches.map((p) => parse(p.patch) as Manifest & { $patch?: string }).filter((p) => p.$patch === 'delete');
    expect(deleted.map((p) => `${p.kind} ${p.metadata.name}`)).toEqual(ingresses.map((i) => `Ingress ${i.metadata.name}`));
  });
});
