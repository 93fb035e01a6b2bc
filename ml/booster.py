"""The shipped tree format (models/<key>.json.gz members, read by src/local/predict/forest.ts): an XGBoost booster's
trees as flat arrays, breadth first, each split's right child right after its left one."""
import base64
import json

import numpy as np


def encode_booster(b):
    """Trees renumbered so that each node's right child is its left child + 1; arrays base64 little-endian."""
    trees = json.loads(b.save_raw('json'))['learner']['gradient_booster']['model']['trees']
    feat, left, value, roots = [], [], [], []
    for t in trees:
        lc, rc = t['left_children'], t['right_children']
        si, sc, dl = t['split_indices'], t['split_conditions'], t['default_left']
        root = len(feat)
        roots.append(root)
        order = {0: root}
        queue = [0]
        feat.append(0); left.append(0); value.append(0.0)
        while queue:
            n = queue.pop(0)
            at = order[n]
            if lc[n] == -1:
                feat[at], left[at], value[at] = -1, 0, sc[n]
                continue
            feat[at] = si[n] * 2 + (1 if dl[n] else 0)
            value[at] = sc[n]
            left[at] = len(feat)
            for child in (lc[n], rc[n]):
                order[child] = len(feat)
                feat.append(0); left.append(0); value.append(0.0)
                queue.append(child)
    b64 = lambda a, t: base64.b64encode(np.asarray(a, dtype=t).tobytes()).decode()
    return dict(roots=b64(roots, '<i4'), feat=b64(feat, '<i4'), left=b64(left, '<i4'),
                value=b64(value, '<f4'))
