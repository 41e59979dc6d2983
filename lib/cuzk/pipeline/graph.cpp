// The batch's flow graph: the only file that sees oneTBB's flow graph. Its shape, built in
// make_graph() below (model: oneTBB's examples/graph/fgbzip2):
//
//   admitted ─► tokens ─► synth ─┬─► hand-off ─► slots[d] ─► device[d] ─┬─► write
//   (queue)     (limiter)        │  (priority)   (limiter)    (async)    └─► freed[d] ─► slots[d]
//                                └─ failed ─────────────────────────────────► write
//
//   admitted  the dispatcher's partitions, in (seq, partition) order
//   tokens    synthesis + hand-off: at most synth_workers + queue_depth partitions between the
//             start of their synthesis and their device (a token comes back as a device takes
//             one, or as its synthesis fails); what blocked a worker on a semaphore before
//   synth     key, witness, a/b/c on oneTBB workers (synth_workers at once)
//   hand-off  oldest sector first, then partition index
//   slots[d]  one token per worker of device d: a partition leaves the hand-off only for a free
//             worker (the others stay in order for whichever device frees first)
//   device[d] async: the partition goes to device d's own worker threads (worker_pool.hpp),
//             which run the backend and put it back through the gateway: no oneTBB worker
//             waits for a device
//   write     async: assemble, verify and the atomic file writes on the writer threads
#include <tbb/flow_graph.h>

#include <algorithm>
#include <exception>
#include <limits>
#include <thread>

#include "cuzk/pipeline/batch_impl.hpp"

namespace cuzk::pipeline::detail {

namespace flow = tbb::flow;

namespace {

// Hand-off order: oldest sector first, then partition index (the priority queue pops the
// largest under this comparison).
struct LaterFirst {
  bool operator()(const PartitionPtr& x, const PartitionPtr& y) const {
    return x->sector->seq != y->sector->seq ? x->sector->seq > y->sector->seq : x->part > y->part;
  }
};

using Limiter = flow::limiter_node<PartitionPtr>;
using SynthNode = flow::multifunction_node<PartitionPtr, std::tuple<PartitionPtr, PartitionPtr>>;
using DeviceNode = flow::async_node<PartitionPtr, PartitionPtr>;
using WriteNode = flow::async_node<PartitionPtr, flow::continue_msg>;
using FreedNode = flow::function_node<PartitionPtr, flow::continue_msg>;

}  // namespace

struct Batch::Graph {
  flow::graph g;  // first: the nodes go before it
  std::unique_ptr<flow::queue_node<PartitionPtr>> admitted;
  std::unique_ptr<Limiter> tokens;
  std::unique_ptr<SynthNode> synth;
  std::unique_ptr<flow::priority_queue_node<PartitionPtr, LaterFirst>> handoff;
  std::vector<std::unique_ptr<Limiter>> slots;
  std::vector<std::unique_ptr<DeviceNode>> device;
  std::vector<std::unique_ptr<FreedNode>> freed;
  std::unique_ptr<WriteNode> write;

  void give_token() { tokens->decrementer().try_put(flow::continue_msg()); }
};

// synth: the partition is synthesized (port 0) or failed (port 1, straight to write).
struct SynthBody {
  Batch* b;
  void operator()(const PartitionPtr& p, SynthNode::output_ports_type& out) const {
    if (b->synthesize(*p)) {
      std::get<0>(out).try_put(p);
    } else {
      b->graph_->give_token();
      std::get<1>(out).try_put(p);
    }
  }
};

// device[d]: leaves the hand-off (its token back) for one of the device's worker threads.
struct DeviceBody {
  Batch* b;
  std::size_t d;
  void operator()(const PartitionPtr& p, DeviceNode::gateway_type& gw) const {
    b->graph_->give_token();
    gw.reserve_wait();  // the graph is not done while the device has it
    b->device_workers_[d]->push([b = b, d = d, q = p, &gw]() mutable {
      b->on_device(*q, d);
      gw.try_put(q);
      q.reset();
      gw.release_wait();
    });
  }
};

// write: on a writer thread.
struct WriteBody {
  Batch* b;
  void operator()(const PartitionPtr& p, WriteNode::gateway_type& gw) const {
    gw.reserve_wait();
    b->writers_->push([b = b, q = p, &gw]() mutable {
      b->write(*q);
      q.reset();
      gw.release_wait();
    });
  }
};

std::unique_ptr<Batch::Graph> Batch::make_graph() {
  auto G = std::make_unique<Graph>();
  flow::graph& g = G->g;
  const std::size_t unbounded = std::numeric_limits<std::size_t>::max();
  const std::size_t tokens = cfg.bounded_queue ? std::size_t(cfg.synth_workers) + std::max(1u, cfg.queue_depth) : unbounded;
  G->admitted = std::make_unique<flow::queue_node<PartitionPtr>>(g);
  G->tokens = std::make_unique<Limiter>(g, tokens);
  G->synth = std::make_unique<SynthNode>(g, std::max(1u, cfg.synth_workers), SynthBody{this});
  G->handoff = std::make_unique<flow::priority_queue_node<PartitionPtr, LaterFirst>>(g);
  G->write = std::make_unique<WriteNode>(g, flow::unlimited, WriteBody{this});
  flow::make_edge(*G->admitted, *G->tokens);
  flow::make_edge(*G->tokens, *G->synth);
  flow::make_edge(flow::output_port<0>(*G->synth), *G->handoff);
  flow::make_edge(flow::output_port<1>(*G->synth), *G->write);
  for (std::size_t d = 0; d < devices.size(); ++d) {
    G->slots.push_back(std::make_unique<Limiter>(g, std::max(1u, cfg.workers_per_device)));
    G->device.push_back(std::make_unique<DeviceNode>(g, flow::unlimited, DeviceBody{this, d}));
    G->freed.push_back(std::make_unique<FreedNode>(g, flow::unlimited, [](const PartitionPtr&) { return flow::continue_msg(); }));
    flow::make_edge(*G->handoff, *G->slots[d]);
    flow::make_edge(*G->slots[d], *G->device[d]);
    flow::make_edge(*G->device[d], *G->write);
    flow::make_edge(*G->device[d], *G->freed[d]);
    flow::make_edge(*G->freed[d], G->slots[d]->decrementer());
  }
  return G;
}

Batch::Batch(BatchConfig c, std::vector<Device> devs, EventWriter& e, MemoryLimiter& l, KeyCache& k)
    : cfg(std::move(c)), devices(std::move(devs)), ev(e), lim(l), keys(k), synth_ids_(cfg.synth_workers) {
  for (const Device& dev : devices) {
    device_ids_.push_back(std::make_unique<IdPool>(cfg.workers_per_device));
    device_workers_.push_back(std::make_unique<WorkerPool>(std::max(1u, cfg.workers_per_device)));
    uploaders_.push_back(dev.memory ? std::make_unique<WorkerPool>(1) : nullptr);  // key uploads (Backend::prepare)
  }
  writers_ = std::make_unique<WorkerPool>(std::max(1u, cfg.write_workers));
  if (cfg.synth_pacing) synth_gate_.pace(devices.size());
  graph_ = make_graph();
}

Batch::~Batch() {
  graph_->g.wait_for_all();
  for (auto& w : device_workers_) w->finish();
  writers_->finish();
  graph_.reset();
}

void Batch::submit(PartitionPtr p) { graph_->admitted->try_put(std::move(p)); }

void Batch::run(const std::function<void()>& dispatch) {
  std::exception_ptr error;
  graph_->g.reserve_wait();  // the graph is not done while the dispatcher runs
  std::thread dispatcher([&] {
    try {
      dispatch();
    } catch (...) {
      error = std::current_exception();
    }
    graph_->g.release_wait();
  });
  graph_->g.wait_for_all();  // this thread runs graph tasks meanwhile
  dispatcher.join();
  for (auto& u : uploaders_)
    if (u) u->finish();
  if (error) std::rethrow_exception(error);
}

}  // namespace cuzk::pipeline::detail
