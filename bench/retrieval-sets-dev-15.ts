// A dev set of the fifteenth round (2026-11-27), for the Helm chart kind while prometheus-community/helm-charts
// (set 14) stays held out: argoproj/argo-helm at af0a931 (six charts under `charts/`, a folder of templates per
// component, `values.yaml` with its comments, `ci/*-values.yaml` cases for chart-testing, the release and lint
// workflows under `.github/`). Labelled from the sources; its misses were studied, so it is dev, not held out.
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

export const ARGO_HELM: Labelled[] = [
  ['how is the argocd-cm ConfigMap rendered from the values?', whole('charts/argo-cd/templates/argocd-configs/argocd-cm\\.yaml')],
  ['where is the RBAC policy for Argo CD users configured?',
    whole('charts/argo-cd/templates/argocd-configs/argocd-rbac-cm\\.yaml|charts/argo-cd/values\\.yaml')],
  ['how do I use an external Redis with the argo-cd chart?',
    whole('charts/argo-cd/values\\.yaml|charts/argo-cd/templates/argocd-configs/externalredis-secret\\.yaml')],
  ['how are clusters sharded across application controller replicas?',
    whole('charts/argo-cd/templates/argocd-application-controller/(statefulset|deployment)\\.yaml')],
  ['where is the ingress of the Argo Workflows server defined?', whole('charts/argo-workflows/templates/server/server-ingress\\.yaml')],
  ['how are the Argo Workflows CRDs installed?', whole('charts/argo-workflows/templates/crds(-install-job)?\\.yaml')],
  ['where is the deployment of the Rollouts dashboard?', whole('charts/argo-rollouts/templates/dashboard/deployment\\.yaml')],
  ['how does the argo-cd chart build the names of its components?', whole('charts/argo-cd/templates/_helpers\\.tpl')],
  ['how are the charts released to the Helm repository?', whole('\\.github/workflows/publish\\.yml|\\.github/configs/cr\\.yaml')],
  ['how are the charts linted and tested in CI?', whole('\\.github/workflows/lint-and-test\\.yml|\\.github/configs/ct-(lint|install)\\.yaml')],
  ['how does argocd-apps render Applications from its values?', whole('charts/argocd-apps/templates/applications\\.yaml')],
  ['how are the registries of the image updater configured?',
    whole('charts/argocd-image-updater/templates/configmap\\.yaml|charts/argocd-image-updater/values\\.yaml')],
];
